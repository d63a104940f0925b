export { useToast, showToast, dismissToast, useToasts } from './use-toast';
export type { Toast, ToastInput, ToastVariant } from './use-toast';
export { Toaster } from './toaster';
