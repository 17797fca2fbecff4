// Each jest worker gets its own database: hc_t_<run>_<worker>.
'use strict';
const base = new URL(process.env.HC_TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/');
base.pathname = `/hc_t_${process.env.HC_TEST_RUN}_${process.env.JEST_WORKER_ID || '1'}`;
process.env.HC_DATABASE_URL = base.toString();
process.env.HC_PUBLIC_URL = process.env.HC_PUBLIC_URL || 'http://localhost:8080';
process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'error';
