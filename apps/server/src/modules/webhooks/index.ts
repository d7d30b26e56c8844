// Signed webhooks' public face (issue #37 point 4, decision 0032): the one call an area makes in the transaction of
// its change, the routes, and the worker serve.ts starts.

export { emitWebhookEvent, forgetWebhookSubscriptions, WEBHOOKS_CHANNEL } from './webhooks.events.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
export { startWebhookWorker } from './webhooks.worker.ts';
