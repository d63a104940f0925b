import { FINDER, FinderMessages } from '@bleedkits/contracts';

/** The finder's toast texts (spec §5, §8 Finder toasts and Three-word service). */
export const FinderToasts = {
  searchErrorTitle: 'Search Error',
  emptySearch: FinderMessages.emptySearch,
  emptyWhat3words: FinderMessages.emptyWhat3words,
  searchFailed: 'Failed to search for kits. Please try again.',
  what3wordsFailed: 'Failed to search by what3words. Please try again.',
  what3wordsUnavailable: 'Service temporarily unavailable',
  what3wordsInvalid: 'Invalid format. Example: filled.count.soap',
  locationErrorTitle: 'Location Error',
  locationUnavailable: 'Could not get your current location. Please check your browser permissions.',
  geolocationUnsupported: 'Geolocation is not supported by your browser.',
  noKitsTitle: 'No Kits Found',
  noKitsNearby: `No bleed kits were found within ${FINDER.nearbyRadiusKm}km of your location`,
  noKitsNearFallback: 'No bleed kits were found near your location',
  nearestTitle: 'Nearest Kit Found',
  mapRestoredTitle: 'Map View Restored',
  mapRestored: 'Showing all available kits in the current area',
} as const;

export const MapMessages = {
  notConfigured: 'Google Maps API key not configured',
  loadFailed: 'Failed to load Google Maps',
  initFailed: 'Failed to initialize map',
  tryAgain: 'Try Again',
} as const;
