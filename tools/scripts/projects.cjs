// The workspace's projects in one place: Nx project.json files, the build, the launcher and the
// edge all read this list, so adding an app means adding one row.
'use strict';

const APPS = [
  { name: 'content-api', port: 3000, portVar: 'HC_CONTENT_API_PORT' },
  { name: 'auth-server', port: 3001, portVar: 'HC_AUTH_SERVER_PORT' },
  { name: 'mcp-gateway', port: 3002, portVar: 'HC_MCP_GATEWAY_PORT' },
  { name: 'webhook-dispatcher', port: 3003, portVar: 'HC_WEBHOOK_DISPATCHER_PORT' },
  { name: 'design-service', port: 3004, portVar: 'HC_DESIGN_SERVICE_PORT' },
  { name: 'reader-site', port: 3005, portVar: 'HC_READER_SITE_PORT' },
  // Publishes the outbox to Kafka; runs only with HC_EVENT_TRANSPORT=kafka.
  { name: 'event-relay', port: 3006, portVar: 'HC_EVENT_RELAY_PORT', transport: 'kafka' },
  // The team dashboard's static app under /app (apps/dashboard, docs/dashboard.md).
  { name: 'dashboard', port: 3007, portVar: 'HC_DASHBOARD_PORT' },
];
const EDGE = { name: 'edge', portVar: 'HC_PORT', port: 8080 };

module.exports = { APPS, EDGE };
