/**
 * Subjects of the kits context for the ambulance-service feed and the approved-kits download (grammar as in
 * ../subjects.ts). Every answer is one bounded part; the gateway assembles pages and files from parts.
 */
export const AmbulanceFeedSubjects = {
  open: 'kits.qry.ambulance-feed-open.v1',
  part: 'kits.qry.ambulance-feed-part.v1',
  codeDisclosed: 'kits.cmd.ambulance-feed-code-disclosed.v1',
  createClient: 'kits.cmd.ambulance-feed-create-client.v1',
  listClients: 'kits.qry.ambulance-feed-clients.v1',
  revokeClient: 'kits.cmd.ambulance-feed-revoke-client.v1',
  accessLog: 'kits.qry.ambulance-feed-access-log.v1',
  /** {} → FeedKeyFacts: each feed key not revoked and when it last pulled (the admin status page). */
  statusFacts: 'kits.qry.ambulance-feed-status-facts.v1',
  /** Push subscriptions (feed-push.ts): an admin sets a client's webhook, rotates its secret, resumes or replays it. */
  pushSet: 'kits.cmd.ambulance-feed-push-set.v1',
  pushRotateSecret: 'kits.cmd.ambulance-feed-push-rotate-secret.v1',
  pushResume: 'kits.cmd.ambulance-feed-push-resume.v1',
  pushReplay: 'kits.cmd.ambulance-feed-push-replay.v1',
  pushTest: 'kits.cmd.ambulance-feed-push-test.v1',
  pushStatus: 'kits.qry.ambulance-feed-push-status.v1',
  pushLog: 'kits.qry.ambulance-feed-push-log.v1',
} as const;

export const ApprovedDownloadSubjects = {
  begin: 'kits.qry.approved-download-begin.v1',
  part: 'kits.qry.approved-download-part.v1',
  commit: 'kits.cmd.approved-download-commit.v1',
} as const;
