import { AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { signInMessages } from '@urok/contract';
import { createAppStore } from '../app/store';
import { createTestServices } from '../test/fake-api';
import { api } from './api';
import type { ApiFailure } from './api-error';

/** A feature's endpoints, as a feature declares them. */
const testApi = api.enhanceEndpoints({ addTagTypes: ['Thing'] }).injectEndpoints({
  endpoints: (build) => ({
    thing: build.query<{ name: string }, string>({
      query: (id) => ({ url: `things/${id}`, failure: 'Не вдалося завантажити.' }),
      providesTags: ['Thing'],
    }),
    renameThing: build.mutation<void, { id: string; name: string }>({
      query: ({ id, name }) => ({
        url: `things/${id}`,
        method: 'put',
        body: { name },
        failure: 'Не вдалося зберегти.',
      }),
      invalidatesTags: ['Thing'],
    }),
  }),
});

describe('the data layer', () => {
  it('calls the API through the store’s services, bearer header included', async () => {
    const { services, calls, client } = createTestServices({
      'GET things/1': { status: 200, body: { name: 'Перша' } },
    });
    client.defaults.headers.common.Authorization = 'Bearer t1';
    const store = createAppStore(services);
    const result = await store.dispatch(testApi.endpoints.thing.initiate('1'));
    expect(result.data).toEqual({ name: 'Перша' });
    expect(calls).toMatchObject([{ method: 'GET', url: 'things/1', authorization: 'Bearer t1' }]);
  });

  it('asks again with If-None-Match and keeps its data on a 304', async () => {
    const sent: (string | undefined)[] = [];
    const { services, client } = createTestServices({
      'GET things/7': (_call, config) => {
        const tag = AxiosHeaders.from(config.headers).get('If-None-Match')?.toString();
        sent.push(tag);
        return tag === 'W/"v1"'
          ? { status: 304, headers: { etag: 'W/"v1"' } }
          : { status: 200, body: { name: 'Сьома' }, headers: { etag: 'W/"v1"' } };
      },
    });
    client.defaults.headers.common.Authorization = 'Bearer a';
    const store = createAppStore(services);
    const read = () =>
      store.dispatch(testApi.endpoints.thing.initiate('7', { forceRefetch: true }));
    expect((await read()).data).toEqual({ name: 'Сьома' });
    expect((await read()).data).toEqual({ name: 'Сьома' });
    expect(sent).toEqual([undefined, 'W/"v1"']);
  });

  it('fails with the ApiFailure the pages show: the server’s message and fields, or the fallback', async () => {
    const { services } = createTestServices({
      'GET things/3': { status: 502, body: '<html>Bad Gateway</html>' },
      'GET things/1': {
        status: 400,
        body: { message: 'Назва задовга.', code: 'VALIDATION', fields: { name: 'Задовга.' } },
      },
    });
    const store = createAppStore(services);
    const named = await store.dispatch(testApi.endpoints.thing.initiate('1'));
    expect(named.error).toEqual<ApiFailure>({
      message: 'Назва задовга.',
      status: 400,
      code: 'VALIDATION',
      fields: { name: 'Задовга.' },
    });
    // No route: a network failure, which says the network is gone.
    const unanswered = await store.dispatch(testApi.endpoints.thing.initiate('2'));
    expect(unanswered.error).toEqual<ApiFailure>({ message: signInMessages.networkLost });
    // An answer that names nothing (an HTML error page): the call's fallback.
    const unnamed = await store.dispatch(testApi.endpoints.thing.initiate('3'));
    expect(unnamed.error).toEqual<ApiFailure>({ message: 'Не вдалося завантажити.', status: 502 });
  });

  it('asks again for what a change invalidated', async () => {
    let name = 'Перша';
    const { services, calls } = createTestServices({
      'GET things/1': () => ({ status: 200, body: { name } }),
      'PUT things/1': (call) => {
        name = (call.body as { name: string }).name;
        return { status: 204 };
      },
    });
    const store = createAppStore(services);
    const subscription = store.dispatch(testApi.endpoints.thing.initiate('1'));
    await subscription;
    await store.dispatch(testApi.endpoints.renameThing.initiate({ id: '1', name: 'Друга' }));
    await expect
      .poll(() => testApi.endpoints.thing.select('1')(store.getState() as never).data)
      .toEqual({ name: 'Друга' });
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'GET']);
    subscription.unsubscribe();
  });
});
