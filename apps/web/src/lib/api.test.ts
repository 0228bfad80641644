import 'fake-indexeddb/auto';
import { AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { offlineMessages, type User } from '@urok/contract';
import { createAppStore } from '../app/store';
import { fetchUser } from '../features/auth/auth-slice';
import { createTestServices } from '../test/fake-api';
import { api, serveSavedAnswers } from './api';
import type { ApiFailure } from './api-error';
import { forgetSavedCourses, saveCourse, savedAnswer } from './offline-courses';

serveSavedAnswers({ answer: savedAnswer, needsNetwork: () => offlineMessages.needsNetwork });

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
    // No route: a network failure; nothing saved for offline answers it, so the page needs the network.
    const unanswered = await store.dispatch(testApi.endpoints.thing.initiate('2'));
    expect(unanswered.error).toEqual<ApiFailure>({
      message: offlineMessages.needsNetwork,
      code: 'OFFLINE',
    });
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

  it('with no answer, serves what the signed-in account saved for offline, and only that account', async () => {
    const empty = {
      keys: () => Promise.resolve([]),
      put: () => Promise.resolve(),
      delete: () => Promise.resolve(true),
      match: () => Promise.resolve(undefined),
    };
    vi.stubGlobal('caches', {
      open: () => Promise.resolve(empty),
      delete: () => Promise.resolve(true),
    });
    try {
      await saveCourse(
        'u1',
        {
          courseId: 'c1',
          title: 'Курс',
          answers: [{ key: 'things/5', data: { name: 'Збережена' } }],
          files: [],
          videos: [],
          size: 1,
          videoSize: 0,
          lessons: 0,
        },
        { withVideo: false, download: () => Promise.reject(new Error('none')) },
      );
      const signIn = (id: string) => {
        const store = createAppStore(createTestServices({}).services);
        store.dispatch(fetchUser.fulfilled({ token: 't', user: { _id: id } as User }));
        return store;
      };
      const saved = await signIn('u1').dispatch(testApi.endpoints.thing.initiate('5'));
      expect(saved.data).toEqual({ name: 'Збережена' });
      const other = await signIn('u2').dispatch(testApi.endpoints.thing.initiate('5'));
      expect(other.error).toEqual<ApiFailure>({
        message: offlineMessages.needsNetwork,
        code: 'OFFLINE',
      });
    } finally {
      await forgetSavedCourses('u1');
      vi.unstubAllGlobals();
    }
  });
});
