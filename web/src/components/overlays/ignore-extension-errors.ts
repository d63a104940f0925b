/**
 * Browser extensions (password managers, ad blockers) leave rejected promises on our page when their message
 * channel closes early. They are not our errors; the spec asks for them to be ignored silently.
 */
const CLOSED_CHANNEL = /message channel closed|message port closed/i;

export function isExtensionChannelError(reason: unknown): boolean {
  const text = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : (reason as { message?: unknown } | null)?.message;
  return typeof text === 'string' && CLOSED_CHANNEL.test(text);
}

/** Installs the handlers once; returns a function that removes them. */
export function ignoreExtensionErrors(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isExtensionChannelError(event.reason)) event.preventDefault();
  };
  const onError = (event: ErrorEvent) => {
    if (isExtensionChannelError(event.error ?? event.message)) event.preventDefault();
  };
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}
