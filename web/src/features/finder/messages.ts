import { FINDER, FinderMessages, MAPS_NOT_CONFIGURED_MESSAGE, THREE_WORD_INVALID, THREE_WORD_UNAVAILABLE } from '@bleedkits/contracts';

/** The finder's toast texts (spec §5, §8 Finder toasts and Three-word service). */
export const FinderToasts = {
  searchErrorTitle: 'Search Error',
  emptySearch: FinderMessages.emptySearch,
  emptyWhat3words: FinderMessages.emptyWhat3words,
  searchFailed: 'Failed to search for kits. Please try again.',
  what3wordsFailed: 'Failed to search by what3words. Please try again.',
  what3wordsUnavailable: THREE_WORD_UNAVAILABLE,
  what3wordsInvalid: THREE_WORD_INVALID,
  locationErrorTitle: 'Location Error',
  locationUnavailable: 'Could not get your current location. Please check your browser permissions.',
  geolocationUnsupported: 'Geolocation is not supported by your browser.',
  noKitsTitle: 'No Kits Found',
  noKitsNearby: `No bleed kits were found within ${FINDER.nearbyRadiusKm}km of your location`,
  noKitsNearFallback: 'No bleed kits were found near your location',
  nearestTitle: 'Nearest Kit Found',
  mapRestoredTitle: 'Map View Restored',
  mapRestored: 'Showing all available kits in the current area',
  /** With no network only postcodes and postcode districts can be placed (the snapshot's gazetteer). */
  offlinePlaceUnknown: 'You are offline: search by a postcode or postcode district (such as SW1A), or use Find Kits Near Me.',
} as const;

export const MapMessages = {
  notConfigured: MAPS_NOT_CONFIGURED_MESSAGE,
  loadFailed: 'Failed to load Google Maps',
  initFailed: 'Failed to initialize map',
  tryAgain: 'Try Again',
} as const;
