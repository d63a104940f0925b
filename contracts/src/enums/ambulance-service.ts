import type { Option } from './option';

export const AMBULANCE_SERVICES = [
  'east_midlands',
  'east_of_england',
  'london',
  'north_east',
  'north_west',
  'south_central',
  'south_east_coast',
  'south_western',
  'west_midlands',
  'yorkshire',
  'welsh',
  'scottish',
  'northern_ireland',
  'isle_of_man_guernsey_jersey',
  'unknown',
] as const;
export type AmbulanceService = (typeof AMBULANCE_SERVICES)[number];
export const DEFAULT_AMBULANCE_SERVICE: AmbulanceService = 'unknown';

export const AMBULANCE_SERVICE_LABELS: Readonly<Record<AmbulanceService, string>> = {
  east_midlands: 'East Midlands',
  east_of_england: 'East of England',
  london: 'London',
  north_east: 'North East',
  north_west: 'North West',
  south_central: 'South Central',
  south_east_coast: 'South East Coast',
  south_western: 'South Western',
  west_midlands: 'West Midlands',
  yorkshire: 'Yorkshire',
  welsh: 'Welsh',
  scottish: 'Scottish',
  northern_ireland: 'Northern Ireland',
  isle_of_man_guernsey_jersey: 'Isle of Man/Channel Islands',
  unknown: 'Unknown',
};

export const AMBULANCE_SERVICE_OPTIONS: readonly Option<AmbulanceService>[] = AMBULANCE_SERVICES.map((value) => ({
  value,
  label: AMBULANCE_SERVICE_LABELS[value],
}));
