import type { AmbulanceService } from '../enums/ambulance-service';
import { ENGLISH_AREA_SERVICE, ENGLISH_DISTRICT_OVERRIDES } from './english-postcode-areas';
import { outwardCode, postcodeArea } from './postcode';

const SCOTTISH_AREAS = new Set(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'ZE']);
/** TD is the Scottish Borders except the English districts of Berwick and Cornhill. */
const ENGLISH_TD_DISTRICTS = new Set(['TD12', 'TD15']);
const WELSH_AREAS = new Set(['CF', 'LD', 'LL', 'NP', 'SA']);
const CROWN_DEPENDENCY_AREAS = new Set(['IM', 'GY', 'JE']);
const LONDON_INITIALS = ['SE', 'SW', 'E', 'N', 'W'];

/** From the postcode's outward prefix, or null when the postcode says nothing. */
export function ambulanceServiceFromPostcode(postcode: string | null | undefined): AmbulanceService | null {
  const outward = outwardCode(postcode);
  if (outward.length < 2) return null;
  const area = postcodeArea(postcode);
  const district = Number(outward.slice(area.length).replace(/[A-Z]$/, ''));
  if (CROWN_DEPENDENCY_AREAS.has(area)) return 'isle_of_man_guernsey_jersey';
  if (area === 'BT') return 'northern_ireland';
  if (WELSH_AREAS.has(area) || (area === 'SY' && district >= 15 && district <= 25)) return 'welsh';
  if (SCOTTISH_AREAS.has(area) || (area === 'TD' && !ENGLISH_TD_DISTRICTS.has(outward))) return 'scottish';
  const override = (ENGLISH_DISTRICT_OVERRIDES as Record<string, AmbulanceService>)[outward];
  if (override) return override;
  const byArea = (ENGLISH_AREA_SERVICE as Record<string, AmbulanceService>)[area];
  if (byArea) return byArea;
  // The spec's fallback: any other postcode starting E, N, W, SE or SW is London's.
  if (LONDON_INITIALS.some((p) => area.startsWith(p))) return 'london';
  return null;
}

/** Region and city names in address text; more specific names first so 'Newport, Isle of Wight' is not Welsh. */
const TEXT_RULES: readonly [RegExp, AmbulanceService][] = [
  [/\b(isle of man|douglas iom|guernsey|jersey|st helier|st peter port|alderney|sark)\b/, 'isle_of_man_guernsey_jersey'],
  [/\b(isle of wight)\b/, 'south_central'],
  [/\b(northern ireland|belfast|londonderry|derry|lisburn|newry|armagh|county antrim|county down|county tyrone|fermanagh)\b/, 'northern_ireland'],
  [/\b(scotland|edinburgh|glasgow|aberdeen|dundee|inverness|stirling|perth|paisley|highlands?|fife|lothian|ayrshire|lanarkshire)\b/, 'scottish'],
  [/\b(wales|cymru|cardiff|swansea|newport|wrexham|bangor|aberystwyth|gwynedd|powys|pembrokeshire|carmarthen|anglesey|llandudno|merthyr)\b/, 'welsh'],
  [
    /\b(london|westminster|camden|islington|hackney|croydon|ealing|brent|lambeth|southwark|greenwich|lewisham|wandsworth|barnet|enfield|haringey|hounslow|hillingdon|bromley|romford)\b/,
    'london',
  ],
  [/\b(newcastle|sunderland|gateshead|durham|middlesbrough|darlington|hartlepool|stockton|northumberland|tyne and wear|teesside)\b/, 'north_east'],
  [
    /\b(manchester|liverpool|bolton|wigan|preston|blackpool|blackburn|lancaster|carlisle|chester|warrington|stockport|oldham|salford|trafford|altrincham|sale|lancashire|cumbria|cheshire|merseyside)\b/,
    'north_west',
  ],
  [
    /\b(yorkshire|leeds|sheffield|bradford|york|hull|wakefield|huddersfield|doncaster|rotherham|barnsley|harrogate|halifax|scarborough)\b/,
    'yorkshire',
  ],
  [
    /\b(birmingham|coventry|wolverhampton|walsall|dudley|solihull|stoke|stafford|staffordshire|shrewsbury|shropshire|telford|worcester|worcestershire|hereford|herefordshire|warwick|warwickshire|west midlands)\b/,
    'west_midlands',
  ],
  [
    /\b(nottingham|nottinghamshire|leicester|leicestershire|derby|derbyshire|lincoln|lincolnshire|northampton|northamptonshire|rutland|east midlands)\b/,
    'east_midlands',
  ],
  [
    /\b(norwich|norfolk|ipswich|suffolk|cambridge|cambridgeshire|peterborough|luton|bedford|bedfordshire|hertfordshire|st albans|watford|chelmsford|colchester|southend|essex|east of england)\b/,
    'east_of_england',
  ],
  [
    /\b(oxford|oxfordshire|reading|berkshire|southampton|portsmouth|winchester|hampshire|milton keynes|buckinghamshire|aylesbury|high wycombe|basingstoke)\b/,
    'south_central',
  ],
  [
    /\b(brighton|hove|sussex|kent|canterbury|maidstone|dover|guildford|surrey|crawley|eastbourne|hastings|tunbridge wells|medway)\b/,
    'south_east_coast',
  ],
  [
    /\b(bristol|bath|plymouth|exeter|devon|cornwall|truro|somerset|taunton|dorset|bournemouth|poole|gloucester|gloucestershire|cheltenham|wiltshire|swindon|salisbury)\b/,
    'south_western',
  ],
];

export function ambulanceServiceFromText(...texts: (string | null | undefined)[]): AmbulanceService | null {
  const text = texts.filter(Boolean).join(' ').toLowerCase();
  if (!text.trim()) return null;
  for (const [pattern, service] of TEXT_RULES) if (pattern.test(text)) return service;
  return null;
}

export type AddressForDetection = {
  postcode?: string | null;
  city?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
};

/** Postcode prefix first (it beats the text), then city, then address lines; else unknown. */
export function detectAmbulanceService(address: AddressForDetection): AmbulanceService {
  return (
    ambulanceServiceFromPostcode(address.postcode) ??
    ambulanceServiceFromText(address.city) ??
    ambulanceServiceFromText(address.addressLine1, address.addressLine2) ??
    'unknown'
  );
}

/** Re-detection applies only where the service is empty or unknown: a chosen service is never overwritten. */
export function resolveAmbulanceService(current: string | null | undefined, address: AddressForDetection): AmbulanceService {
  if (current && current !== 'unknown') return current as AmbulanceService;
  return detectAmbulanceService(address);
}
