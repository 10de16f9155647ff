/**
 * The Permissions-Policy header (SECURITY.md, second review, low): pages and the API turn off
 * camera, microphone, geolocation and payment.
 */
import { describe, expect, it } from 'vitest';
import { useTestSuite } from '../helpers/suite.ts';

describe('headers', () => {
  const t = useTestSuite({ catalogue: null, http: true });

  it('pages and the API send a Permissions-Policy that turns off camera, microphone, geolocation and payment', async () => {
    for (const path of ['/', '/api/configuration/configurations']) {
      const policy = (await t.http.fetch(path)).headers.get('permissions-policy') ?? '';
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(policy, path).toContain(feature);
    }
  });
});
