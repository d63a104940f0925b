/**
 * GET /api/config answers the browser Maps key, or this text when none is set: the gateway sends it, the web reads
 * any answer containing 'not configured' as no key (then no Maps script loads).
 */
export const MAPS_NOT_CONFIGURED_MESSAGE = 'Google Maps API key not configured';
