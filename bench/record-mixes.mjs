#!/usr/bin/env node
// Records the geo benchmark's request mixes into bench/mixes/*.json, deterministically (fixed seed), from the
// population data of bench/lib/population.mjs. Re-running it rewrites identical files.
//
//   cold.json    unique viewports at zooms 6 / 10 / 14, centred where people live, desktop-sized
//                (1100-1400 x 700-900 CSS px): nothing repeats, so no cache can help.
//   hot.json     200 popular places (the most populous ~9 km cells of the UK) x zooms 10 / 12 / 14 at one
//                1280 x 800 viewport, drawn Zipf-weighted (s = 1 over places, fixed weights over zooms) into a
//                30,000-request sequence: what real traffic looks like, mostly the same few towns.
//   nearby.json  points drawn like the population, radius 25 km, limit 100.
//
// Usage: node bench/record-mixes.mjs   (env BENCH_MIX_SEED, default 20261121)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SOURCES, drawPoint, loadPopulation } from './lib/population.mjs';
import { createRng, cumulativeOf, deriveSeed, drawCumulative, intBetween, zipfWeights } from './lib/rng.mjs';
import { viewportBox } from './lib/viewport.mjs';
import { MIX_DIR } from './lib/mixes.mjs';

const SEED = Number(process.env.BENCH_MIX_SEED || 20261121);
const COLD_PER_ZOOM = 3000;
const COLD_ZOOMS = [6, 10, 14];
const HOT_PLACES = 200;
const HOT_ZOOMS = [10, 12, 14];
const HOT_ZOOM_WEIGHTS = [0.25, 0.35, 0.4];
const HOT_SEQUENCE = 30_000;
const HOT_VIEWPORT = [1280, 800];
const NEARBY_POINTS = 10_000;
const CELL_LAT = 0.08; // ~9 km
const CELL_LNG = 0.13; // ~9 km at 54 degrees N

const r5 = (x) => Math.round(x * 1e5) / 1e5;
const population = loadPopulation();
const common = { seed: SEED, generatedBy: 'bench/record-mixes.mjs', sources: SOURCES.map((s) => `${s.name} (${s.licence})`) };

function recordCold() {
  const rng = createRng(deriveSeed(SEED, 'cold'));
  const boxes = [];
  const seen = new Set();
  for (const zoom of COLD_ZOOMS) {
    let made = 0;
    while (made < COLD_PER_ZOOM) {
      const w = intBetween(rng, 1100, 1400);
      const h = intBetween(rng, 700, 900);
      const { lat, lng } = drawPoint(rng, population);
      // Centres where people live, panned up to a quarter of the view so they do not sit on LSOA centroids.
      const probe = viewportBox(lat, lng, zoom, w, h);
      const cLat = lat + (rng() - 0.5) * 0.5 * (probe[0] - probe[1]);
      const cLng = lng + (rng() - 0.5) * 0.5 * (probe[2] - probe[3]);
      const box = viewportBox(cLat, cLng, zoom, w, h);
      const key = box.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      boxes.push(box);
      made++;
    }
  }
  // Interleave the zooms in a fixed random order.
  for (let i = boxes.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [boxes[i], boxes[j]] = [boxes[j], boxes[i]];
  }
  return {
    mix: 'cold',
    description: `${boxes.length} unique viewports, ${COLD_PER_ZOOM} at each of zooms ${COLD_ZOOMS.join(' / ')}, 1100-1400 x 700-900 px, centred where people live`,
    ...common,
    path: '/api/bleed-kits/public',
    limit: 1000,
    format: 'requests[i] = [north, south, east, west, zoom]; past the end, boxes are panned by cycle x 1.3 % (deploy/k6/lib/mixes.js)',
    requests: boxes,
  };
}

function popularPlaces() {
  const cells = new Map();
  for (const p of population.places) {
    const key = `${Math.floor(p.lat / CELL_LAT)}:${Math.floor(p.lng / CELL_LNG)}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { weight: 0, lat: 0, lng: 0, towns: new Map() }));
    c.weight += p.weight;
    c.lat += p.lat * p.weight;
    c.lng += p.lng * p.weight;
    c.towns.set(p.town, (c.towns.get(p.town) ?? 0) + p.weight);
  }
  return [...cells.values()]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, HOT_PLACES)
    .map((c) => ({
      name: [...c.towns.entries()].sort((a, b) => b[1] - a[1])[0][0],
      lat: r5(c.lat / c.weight),
      lng: r5(c.lng / c.weight),
      people: Math.round(c.weight * population.peoplePerUnit),
    }));
}

function recordHot() {
  const rng = createRng(deriveSeed(SEED, 'hot'));
  const places = popularPlaces();
  const viewports = [];
  const weights = [];
  const placeWeights = zipfWeights(places.length, 1);
  places.forEach((p, pi) => {
    HOT_ZOOMS.forEach((zoom, zi) => {
      viewports.push(viewportBox(p.lat, p.lng, zoom, ...HOT_VIEWPORT));
      weights.push(placeWeights[pi] * HOT_ZOOM_WEIGHTS[zi]);
    });
  });
  const cumulative = cumulativeOf(weights);
  const sequence = Array.from({ length: HOT_SEQUENCE }, () => drawCumulative(rng, cumulative));
  const distinct = new Set(sequence).size;
  return {
    mix: 'hot',
    description: `${HOT_SEQUENCE} requests drawn Zipf (s = 1) over the ${places.length} most populous ~9 km cells x zooms ${HOT_ZOOMS.join(' / ')} (weights ${HOT_ZOOM_WEIGHTS.join(' / ')}), ${HOT_VIEWPORT.join(' x ')} px; ${distinct} distinct viewports used`,
    ...common,
    path: '/api/bleed-kits/public',
    limit: 1000,
    format:
      'request i = viewports[sequence[i % sequence.length]]; viewports[k] = [north, south, east, west, zoom]; place of viewport k = places[floor(k / zooms.length)]',
    zooms: HOT_ZOOMS,
    places,
    viewports,
    sequence,
  };
}

function recordNearby() {
  const rng = createRng(deriveSeed(SEED, 'nearby'));
  const requests = Array.from({ length: NEARBY_POINTS }, () => {
    const { lat, lng } = drawPoint(rng, population);
    return [r5(lat), r5(lng)];
  });
  return {
    mix: 'nearby',
    description: `${NEARBY_POINTS} points drawn like the population, radius 25 km, limit 100`,
    ...common,
    path: '/api/bleed-kits/nearby',
    radius: 25,
    limit: 100,
    format: 'request i = requests[i % requests.length] = [lat, lng]',
    requests,
  };
}

mkdirSync(MIX_DIR, { recursive: true });
for (const mix of [recordCold(), recordHot(), recordNearby()]) {
  // One request per line keeps the files diff-able and well under 1 MB.
  const body = JSON.stringify(mix, (k, v) => v, 0)
    .replace(/\],\[/g, '],\n[')
    .replace(/\},\{/g, '},\n{');
  const file = path.join(MIX_DIR, `${mix.mix}.json`);
  writeFileSync(file, `${body}\n`);
  console.log(`${path.relative(process.cwd(), file)}: ${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB — ${mix.description}`);
}
