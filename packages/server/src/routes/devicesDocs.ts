/** The intake calls' documentation for device vendors: what a call does, an example batch, its errors. */
import { DEFAULT_SELFCHECK_LABEL, INTAKE_ROW_CODES, INTAKE_TEXT_LIMITS, MAX_INTAKE_ROWS } from '@portal/contract';
import type { RouteErrors } from '../plugins/docs';

const COMMON =
  `Header \`x-device-key\`: a key created for the library under Settings → Devices (an access token is never accepted). ` +
  `At most ${MAX_INTAKE_ROWS.toLocaleString('en')} rows per batch. Every row is checked on its own: the answer \`200 { accepted, duplicates, rejected }\` ` +
  `reports each refused row (\`index\` in the batch, \`code\`, \`message\`), the others are kept. Row codes: ${Object.keys(INTAKE_ROW_CODES).join(', ')}. ` +
  'A 200 is sent once the rows are committed: a device that got no answer (time-out, lost connection) sends the same batch again, ' +
  "and rows already received count as `duplicates`. Dates are the library's local time, `YYYY-MM-DD HH:mm:ss`.";

export const INTAKE_ERRORS: RouteErrors = {
  400: 'INVALID_JSON (the body is not JSON), or VALIDATION_ERROR (the body has no array under its list field)',
  401: 'DEVICE_KEY_MISSING (no x-device-key header) or DEVICE_KEY_INVALID (unknown or revoked key)',
  413: `PAYLOAD_TOO_LARGE (body over 8 MiB) or BATCH_TOO_LARGE (over ${MAX_INTAKE_ROWS} rows; details.maxRows): nothing stored`,
  429: "TOO_MANY_REQUESTS: this key sends faster than its rate; retry after the Retry-After header's seconds (details.retryAfter)",
};

export const intakeExamples = {
  records: {
    description:
      `${COMMON} A reading counts the people who went in and out through a sensor during a time slot (stamped with the ` +
      "slot's start). One reading per sensor and date: a second one for the same sensor and date is a duplicate (the first is kept). " +
      'A sensor of another library, or a retired one, is refused per row (UNKNOWN_SENSOR).',
    body: {
      records: [
        { sensorId: 12, date: '2026-03-02 10:05:00', countIn: 7, countOut: 3 },
        { sensorId: 12, date: '2026-03-02 10:10:00', countIn: 4, countOut: 6 },
      ],
    },
  },
  alarms: {
    description:
      `${COMMON} One alarm per sensor, date and uid. An alarm with a barcode also appears in the item's history (Search). ` +
      'type: EAS, AFI_1, AFI_2, AFI_3 or AFI_4; barcode, titleIdentifier and circulationStatus are optional.',
    body: {
      alarms: [
        {
          sensorId: 12,
          date: '2026-03-02 10:07:31',
          type: 'AFI_1',
          antenna: '2',
          uid: 'E00401505E3A1B2C',
          barcode: '31234000123456',
          titleIdentifier: 'The Name of the Rose',
          circulationStatus: '04',
          alarmActivated: true,
        },
      ],
    },
  },
  sipOperations: {
    description:
      `${COMMON} Operations are keyed by the key and the station's own operationId: sending an operation again with ` +
      'other values (an offline CHECKOUT first PENDING, later SUCCESS) updates it, with the same values is a duplicate. ' +
      'type: CHECKIN, CHECKIN_PENDING, CHECKOUT, CHECKOUT_CANCEL, RENEW, INFORMATION; status: PENDING, SUCCESS, WARNING, ERROR. ' +
      "An operation with an itemIdentifier also appears in the item's history (Search). The patron identifier is stored as sent " +
      "and shown to staff; it is never logged. A CHECKOUT, CHECKIN or RENEW counts once in the dashboard's SelfCheck figures while " +
      'its status is SUCCESS or WARNING (dated by transactionDate; ERROR or PENDING later removes it; CHECKOUT_CANCEL never counts), ' +
      `split by the optional \`label\` (the item's material or collection, up to ${INTAKE_TEXT_LIMITS.label} characters; absent: ${DEFAULT_SELFCHECK_LABEL}).`,
    body: {
      operations: [
        {
          operationId: 'SC2-000184',
          origin: 'Self-check 2',
          type: 'CHECKOUT',
          offline: false,
          patronIdentifier: '21234000098765',
          itemIdentifier: '31234000123456',
          titleIdentifier: 'The Name of the Rose',
          transactionDate: '2026-03-02 10:12:04',
          dueDate: '2026-03-23 23:59:59',
          executionDate: '2026-03-02 10:12:05',
          status: 'SUCCESS',
          error: '',
          label: 'Book',
        },
      ],
    },
  },
} as const;
