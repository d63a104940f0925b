// Web-Mercator viewports: the box a map of width x height CSS pixels shows at a zoom, centred on a point
// (256-px tiles, as Google Maps and Leaflet use).
const TILE = 256;
const rad = (d) => (d * Math.PI) / 180;
const deg = (r) => (r * 180) / Math.PI;
const mercY = (lat) => Math.log(Math.tan(Math.PI / 4 + rad(lat) / 2));
const latOfY = (y) => deg(2 * Math.atan(Math.exp(y)) - Math.PI / 2);

/** [north, south, east, west, zoom], rounded to 5 decimals (~1 m). */
export function viewportBox(lat, lng, zoom, widthPx, heightPx) {
  const world = TILE * 2 ** zoom;
  const halfLng = ((widthPx / 2) * 360) / world;
  const halfY = ((heightPx / 2) * 2 * Math.PI) / world;
  const y = mercY(lat);
  const r = (x) => Math.round(x * 1e5) / 1e5;
  const north = Math.min(85, latOfY(y + halfY));
  const south = Math.max(-85, latOfY(y - halfY));
  return [r(north), r(south), r(Math.min(180, lng + halfLng)), r(Math.max(-180, lng - halfLng)), zoom];
}
