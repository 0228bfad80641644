import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { messages } from '@urok/contract';
import { toApiFailure } from './api-error';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
const answered = (status: number, data: unknown) =>
  new AxiosError('failed', AxiosError.ERR_BAD_RESPONSE, config, null, {
    status,
    statusText: String(status),
    data,
    headers: {},
    config,
  });

describe('toApiFailure: the one place a failure becomes words', () => {
  it('says the network is gone when the call never reached the server', () => {
    const dropped = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    expect(toApiFailure(dropped, messages.internalError)).toEqual({
      message: messages.networkLost,
    });
    const timedOut = new AxiosError('timeout', AxiosError.ECONNABORTED, config, {});
    expect(toApiFailure(timedOut, messages.internalError).message).toBe(messages.networkLost);
  });

  it('keeps the server’s own words, and the fallback for an answer without them or a bug', () => {
    expect(toApiFailure(answered(409, { message: 'Вже оцінено.', code: 'CONFLICT' }), 'x')).toEqual(
      {
        message: 'Вже оцінено.',
        status: 409,
        code: 'CONFLICT',
      },
    );
    expect(toApiFailure(answered(502, '<html>Bad gateway</html>'), messages.internalError)).toEqual(
      { message: messages.internalError, status: 502 },
    );
    expect(toApiFailure(new TypeError('x is undefined'), messages.internalError).message).toBe(
      messages.internalError,
    );
    const cancelled = new AxiosError('canceled', AxiosError.ERR_CANCELED, config);
    expect(toApiFailure(cancelled, messages.internalError).message).toBe(messages.internalError);
  });
});
