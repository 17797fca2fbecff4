// The Prometheus Operator's two kinds the monitoring component renders (monitoring.coreos.com/v1
// PodMonitor and PrometheusRule), as JSON Schemas of the fields this package uses and the rules
// their CustomResourceDefinitions state (required fields, types, duration and label-name
// patterns, enums); unknown fields are refused, as the API server's structural schema prunes
// them. kubernetes-models has no models for these kinds, so deploy/test validates them here.
import Ajv from 'ajv';

const duration = {
  type: 'string',
  pattern:
    '^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$',
};
const labelName = { type: 'string', pattern: '^[a-zA-Z_][a-zA-Z0-9_]*$' };
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const metadata = {
  type: 'object',
  required: ['name'],
  properties: {
    name: {
      type: 'string',
      pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
      maxLength: 253,
    },
    namespace: { type: 'string' },
    labels: stringMap,
    annotations: stringMap,
  },
};
const labelSelector = {
  type: 'object',
  additionalProperties: false,
  properties: {
    matchLabels: stringMap,
    matchExpressions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'operator'],
        properties: {
          key: { type: 'string' },
          operator: { enum: ['In', 'NotIn', 'Exists', 'DoesNotExist'] },
          values: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};
const relabeling = {
  type: 'object',
  additionalProperties: false,
  properties: {
    action: {
      enum: [
        'replace',
        'Replace',
        'keep',
        'Keep',
        'drop',
        'Drop',
        'hashmod',
        'HashMod',
        'labelmap',
        'LabelMap',
        'labeldrop',
        'LabelDrop',
        'labelkeep',
        'LabelKeep',
        'lowercase',
        'Lowercase',
        'uppercase',
        'Uppercase',
        'keepequal',
        'KeepEqual',
        'dropequal',
        'DropEqual',
      ],
    },
    modulus: { type: 'integer', minimum: 0 },
    regex: { type: 'string' },
    replacement: { type: 'string' },
    separator: { type: 'string' },
    sourceLabels: { type: 'array', items: labelName },
    targetLabel: { type: 'string' },
  },
};

const podMonitor = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'monitoring.coreos.com/v1' },
    kind: { const: 'PodMonitor' },
    metadata,
    spec: {
      type: 'object',
      additionalProperties: false,
      required: ['selector'],
      properties: {
        selector: labelSelector,
        namespaceSelector: {
          type: 'object',
          additionalProperties: false,
          properties: {
            any: { type: 'boolean' },
            matchNames: { type: 'array', items: { type: 'string' } },
          },
        },
        jobLabel: { type: 'string' },
        podTargetLabels: { type: 'array', items: { type: 'string' } },
        podMetricsEndpoints: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              port: { type: 'string' },
              portNumber: { type: 'integer', minimum: 1, maximum: 65535 },
              path: { type: 'string' },
              scheme: { enum: ['http', 'https', 'HTTP', 'HTTPS'] },
              interval: duration,
              scrapeTimeout: duration,
              honorLabels: { type: 'boolean' },
              relabelings: { type: 'array', items: relabeling },
              metricRelabelings: { type: 'array', items: relabeling },
            },
          },
        },
      },
    },
  },
};

const rule = {
  type: 'object',
  additionalProperties: false,
  required: ['expr'],
  oneOf: [{ required: ['alert'] }, { required: ['record'] }],
  properties: {
    alert: { type: 'string' },
    record: { type: 'string' },
    expr: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'integer' }] },
    for: duration,
    keep_firing_for: { type: 'string', minLength: 1 },
    labels: stringMap,
    annotations: stringMap,
  },
};
const prometheusRule = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { const: 'monitoring.coreos.com/v1' },
    kind: { const: 'PrometheusRule' },
    metadata,
    spec: {
      type: 'object',
      additionalProperties: false,
      properties: {
        groups: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: {
              name: { type: 'string', minLength: 1 },
              interval: duration,
              limit: { type: 'integer' },
              partial_response_strategy: { type: 'string' },
              rules: { type: 'array', items: rule },
            },
          },
        },
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = {
  'monitoring.coreos.com/v1/PodMonitor': ajv.compile(podMonitor),
  'monitoring.coreos.com/v1/PrometheusRule': ajv.compile(prometheusRule),
} as const;

/** A validator with kubernetes-models' shape (`new Model(object).validate()` throws). */
function model(key: keyof typeof validators) {
  const validate = validators[key];
  return class {
    constructor(private readonly object: unknown) {}
    validate(): void {
      if (!validate(this.object))
        throw new Error(ajv.errorsText(validate.errors, { dataVar: key.split('/').pop() }));
    }
  };
}

export const PROMETHEUS_OPERATOR_MODELS = new Map(
  (Object.keys(validators) as (keyof typeof validators)[]).map((key) => [key, model(key)]),
);
