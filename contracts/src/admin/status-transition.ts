export type StatusTransition = 'approve' | 'reject' | 'reactivate';
