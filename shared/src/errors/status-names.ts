/**
 * Names of the HTTP error statuses 400–511 (spec §8): the standard reason phrases of the IANA
 * registry (RFC 9110 and its companions), except 422, which the API (FastAPI's convention) and
 * this interface call "Validation Error". Numbers in the range that no standard assigns
 * (419, 509, …) are absent on purpose: they get the generic error of `toApiError`.
 */
export const httpStatusNames: Readonly<Record<number, string>> = Object.freeze({
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a teapot",
  421: 'Misdirected Request',
  422: 'Validation Error',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
});

/** The name of a status of 400–511, or null when it has none (and gets the generic error). */
export function httpStatusName(status: number): string | null {
  return Object.hasOwn(httpStatusNames, status) ? (httpStatusNames[status] ?? null) : null;
}
