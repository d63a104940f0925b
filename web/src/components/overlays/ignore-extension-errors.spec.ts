import { isExtensionChannelError } from './ignore-extension-errors';

describe('isExtensionChannelError', () => {
  it('recognises the closed message channel error from extensions', () => {
    const chrome = 'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';
    expect(isExtensionChannelError(new Error(chrome))).toBe(true);
    expect(isExtensionChannelError(chrome)).toBe(true);
  });

  it('lets every other error through', () => {
    expect(isExtensionChannelError(new Error('500: Internal Server Error'))).toBe(false);
    expect(isExtensionChannelError(undefined)).toBe(false);
  });
});
