// Test helpers of the notifications context that other workspaces' tests use (`@bleedkits/notifications/testing`).
export * from './smtp-peer';
