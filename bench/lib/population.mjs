// Where people live in the UK, from two open data sets read at run time (never copied into the repository):
//
//   * LSOA centroids for England and Wales (samuel-book/ambulance, MIT). An LSOA holds ~1,500-1,700 people,
//     so a uniform draw over LSOAs is a population-weighted draw. Jitter: sigma ~300 m.
//   * Outward-code centroids (gibbs-uk-outcodes, CC0) for Scotland and Northern Ireland, which the LSOA file
//     does not cover. Each nation's population is shared evenly between its outward codes (a coarse model:
//     the Highlands get as much as Glasgow per outcode). Jitter: sigma ~1.5 km, outcodes being larger.
//
// Nation populations (ONS mid-2022 estimates, rounded) weigh the two sources against each other.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/infra.mjs';
import { cumulativeOf, drawCumulative, normal } from './rng.mjs';

// ../shared/data beside the repository root, wherever it is cloned.
export const DATA_DIR = process.env.BENCH_DATA_DIR || path.resolve(ROOT, '..', 'shared', 'data');
export const LSOA_CSV = `${DATA_DIR}/samuel-book-ambulance/lsoa_lat_long_postcodes.csv`;
export const OUTCODES_CSV = `${DATA_DIR}/gibbs-uk-outcodes/postcodes.csv`;

const POPULATION = { englandAndWales: 60_240_000, scotland: 5_450_000, northernIreland: 1_910_000 };
const LSOA_JITTER_M = 300;
const OUTCODE_JITTER_M = 1500;
const M_PER_DEG_LAT = 111_320;

/** Minimal CSV reader (quoted fields with commas, "" escapes). */
export function parseCsv(text) {
  const rows = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line) continue;
    const out = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cur += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        out.push(cur);
        cur = '';
      } else cur += c;
    }
    out.push(cur);
    rows.push(out);
  }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), r[i]])));
}

/** "EC1A4EU" -> "EC1A 4EU"; the outward code is everything but the last three characters. */
export function formatPostcode(raw) {
  const s = String(raw || '')
    .replace(/\s+/g, '')
    .toUpperCase();
  return s.length > 3 ? `${s.slice(0, -3)} ${s.slice(-3)}` : s;
}

let cached;

/**
 * Loads both files into one list of places: { lat, lng, weight, jitterM, postcode, town, nation }.
 * weight is in "LSOA equivalents" (1 = one England/Wales LSOA).
 */
export function loadPopulation() {
  if (cached) return cached;
  for (const f of [LSOA_CSV, OUTCODES_CSV]) {
    if (!existsSync(f))
      throw new Error(`benchmark data file missing: ${f} (set BENCH_DATA_DIR to the folder holding samuel-book-ambulance/ and gibbs-uk-outcodes/)`);
  }
  const outcodes = parseCsv(readFileSync(OUTCODES_CSV, 'utf8'));
  const townOfOutcode = new Map(outcodes.map((o) => [o.postcode.toUpperCase(), o.town || o.region]));

  const lsoas = parseCsv(readFileSync(LSOA_CSV, 'utf8'))
    .map((r) => ({ lat: Number(r.Lat), lng: Number(r.Long), postcode: formatPostcode(r.Postdocde), code: r['LSOA Code'] }))
    .filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.lng) && /^[EW]/.test(r.code));
  const perLsoa = POPULATION.englandAndWales / lsoas.length;

  const places = lsoas.map((r) => {
    const outward = r.postcode.split(' ')[0];
    return {
      lat: r.lat,
      lng: r.lng,
      weight: 1,
      jitterM: LSOA_JITTER_M,
      postcode: r.postcode,
      town: townOfOutcode.get(outward) ?? outward,
      nation: r.code[0] === 'W' ? 'Wales' : 'England',
    };
  });
  const nations = [
    { code: 'SCT', name: 'Scotland', population: POPULATION.scotland },
    { code: 'NIR', name: 'Northern Ireland', population: POPULATION.northernIreland },
  ];
  for (const n of nations) {
    const rows = outcodes.filter((o) => o.country === n.code && Number.isFinite(Number(o.latitude)) && Number.isFinite(Number(o.longitude)));
    const weight = n.population / rows.length / perLsoa;
    for (const o of rows) {
      places.push({
        lat: Number(o.latitude),
        lng: Number(o.longitude),
        weight,
        jitterM: OUTCODE_JITTER_M,
        postcode: `${o.postcode.toUpperCase()} 1AA`,
        town: o.town || o.region,
        nation: n.name,
      });
    }
  }
  cached = { places, cumulative: cumulativeOf(places.map((p) => p.weight)), peoplePerUnit: perLsoa, lsoaCount: lsoas.length };
  return cached;
}

/** A point drawn like the population: a place by weight, then Gaussian jitter of its size. */
export function drawPoint(rng, population = loadPopulation()) {
  const place = population.places[drawCumulative(rng, population.cumulative)];
  const dLat = (normal(rng) * place.jitterM) / M_PER_DEG_LAT;
  const dLng = (normal(rng) * place.jitterM) / (M_PER_DEG_LAT * Math.cos((place.lat * Math.PI) / 180));
  return { lat: place.lat + dLat, lng: place.lng + dLng, place };
}

export const SOURCES = [
  {
    name: 'samuel-book/ambulance: LSOA centroids with postcodes (England and Wales)',
    file: 'samuel-book-ambulance/lsoa_lat_long_postcodes.csv',
    licence: 'MIT, Copyright (c) 2022 samuel-book',
  },
  {
    name: 'gibbs-uk-outcodes: UK outward-code centroids (incl. Scotland and Northern Ireland)',
    file: 'gibbs-uk-outcodes/postcodes.csv',
    licence: 'CC0 1.0 Universal',
  },
];
