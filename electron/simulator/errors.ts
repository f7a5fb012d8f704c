// The error bodies of the spec. Handlers throw SimError; the server turns it into the right body shape.

/** [ERR-1] generic; [ERR-OTHER-3]/[EP-IMAGE-I2HDR-4] the extended image family's; [ERR-OTHER-2] usage. */
export type ErrorStyle = 'generic' | 'i2' | 'usage';

export interface SimErrorInit {
  status: number;
  type: string;
  message: string;
  /** The string code of the I2, nsfw and usage bodies; the generic body always carries the HTTP status. */
  code?: string;
  param?: string;
  headers?: Record<string, string>;
  /** Forces a body shape regardless of the route (nsfw rejections carry param on every family). */
  style?: ErrorStyle;
}

export class SimError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly param: string;
  readonly headers: Record<string, string>;
  readonly style: ErrorStyle | undefined;

  constructor(init: SimErrorInit) {
    super(init.message);
    this.status = init.status;
    this.type = init.type;
    this.code = init.code ?? init.type;
    this.param = init.param ?? '';
    this.headers = init.headers ?? {};
    this.style = init.style;
  }
}

export const invalidRequest = (message: string, param = ''): SimError =>
  new SimError({ status: 400, type: 'invalid_request_error', message, param });

export const notFound = (message: string): SimError =>
  new SimError({ status: 404, type: 'not_found_error', message });

export const forbidden = (message: string): SimError =>
  new SimError({ status: 403, type: 'permission_error', message });

/** Renders the body for the style the route asked for (or the error's own forced style). */
export function errorBody(error: SimError, routeStyle: ErrorStyle): unknown {
  const style = error.style ?? routeStyle;
  if (style === 'i2') {
    return { error: { message: error.message, type: error.type, param: error.param, code: error.code } };
  }
  if (style === 'usage') {
    return { success: false, error: { code: error.code, message: error.message, type: error.type } };
  }
  return { error: { code: error.status, message: error.message, type: error.type } };
}
