// jsdom does not expose the WHATWG fetch family; RTK Query's fetchBaseQuery needs Request, Response and Headers,
// and a Request only accepts an AbortSignal from the same realm, so those come from Node together.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
