import { GOOGLE_SIGN_IN_FAILURE_MESSAGES, GoogleSignInFailure, googleSignInFailureMessage } from './google-sign-in-failure';

describe('googleSignInFailureMessage', () => {
  it('has a message for every reason the callback gives', () => {
    for (const reason of Object.values(GoogleSignInFailure)) expect(googleSignInFailureMessage(reason)).toBe(GOOGLE_SIGN_IN_FAILURE_MESSAGES[reason]);
  });

  it('shows nothing for an absent or unknown reason, nor for an inherited property name', () => {
    expect(googleSignInFailureMessage(null)).toBeNull();
    expect(googleSignInFailureMessage('')).toBeNull();
    expect(googleSignInFailureMessage('something-else')).toBeNull();
    expect(googleSignInFailureMessage('toString')).toBeNull();
  });
});
