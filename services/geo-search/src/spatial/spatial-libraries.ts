import * as vm from 'node:vm';

/**
 * supercluster 8, kdbush 4 and geokdbush 2 are ESM-only while this repo is CommonJS. Plain Node 20.20 could
 * require() them, but Jest's CommonJS runtime cannot, and swc rewrites a literal `import()` into require().
 * So they are loaded once at start with a real dynamic import: a Function compiled here (plain node), or, when
 * that runs inside a vm context without a module loader (Jest), a script compiled in the main context with
 * Node's default loader. See services/geo-search/README.md, "Loading the ESM-only index packages".
 */

export type ClusterPointFeature = { geometry: { type: 'Point'; coordinates: [number, number] } };
export type ClusterFeature = {
  type: 'Feature';
  id: number;
  properties: { cluster: true; cluster_id: number; point_count: number };
  geometry: { type: 'Point'; coordinates: [number, number] };
};
export type SuperclusterOptions = { minZoom: number; maxZoom: number; minPoints: number; radius: number; extent: number; nodeSize: number };

export interface SuperclusterIndex<P extends ClusterPointFeature> {
  load(points: P[]): this;
  getClusters(bbox: [number, number, number, number], zoom: number): (P | ClusterFeature)[];
}
export type SuperclusterConstructor = new <P extends ClusterPointFeature>(options: SuperclusterOptions) => SuperclusterIndex<P>;

export interface KDBushIndex {
  readonly ids: Uint16Array | Uint32Array;
  readonly coords: Float64Array;
  readonly nodeSize: number;
  readonly numItems: number;
  add(x: number, y: number): number;
  finish(): this;
  range(minX: number, minY: number, maxX: number, maxY: number): number[];
}
export type KDBushConstructor = new (numItems: number, nodeSize?: number) => KDBushIndex;

export type GeoKDBush = {
  around(index: KDBushIndex, lng: number, lat: number, maxResults?: number, maxDistanceKm?: number): number[];
  distance(lng1: number, lat1: number, lng2: number, lat2: number): number;
};

export type SpatialLibraries = { Supercluster: SuperclusterConstructor; KDBush: KDBushConstructor; geokdbush: GeoKDBush };

type EsmImport = (specifier: string) => Promise<Record<string, unknown>>;

function localImport(): EsmImport {
  return new Function('specifier', 'return import(specifier)') as EsmImport;
}

function mainContextImport(): EsmImport {
  const options = { importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER } as vm.ScriptOptions;
  return new vm.Script('(specifier) => import(specifier)', options).runInThisContext() as EsmImport;
}

async function importEsm(specifier: string): Promise<Record<string, unknown>> {
  try {
    return await localImport()(specifier);
  } catch (e) {
    // Inside Jest's vm context a dynamic import has no loader (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING[_FLAG]).
    if (!String((e as { code?: string }).code ?? '').startsWith('ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING')) throw e;
    return mainContextImport()(specifier);
  }
}

let loaded: Promise<SpatialLibraries> | null = null;

/** Loads the three packages once per process; later calls share the same constructors. */
export function loadSpatialLibraries(): Promise<SpatialLibraries> {
  loaded ??= (async () => {
    const [supercluster, kdbush, geokdbush] = await Promise.all([importEsm('supercluster'), importEsm('kdbush'), importEsm('geokdbush')]);
    return {
      Supercluster: supercluster.default as SuperclusterConstructor,
      KDBush: kdbush.default as KDBushConstructor,
      geokdbush: { around: geokdbush.around as GeoKDBush['around'], distance: geokdbush.distance as GeoKDBush['distance'] },
    };
  })();
  loaded.catch(() => (loaded = null));
  return loaded;
}
