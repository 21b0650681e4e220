import { describe, expect, it } from 'vitest';
import { APP_VERSION, SDK_VERSION } from './constants';

describe('§1/§9 Versions', () => {
  it('the product and the messaging SDK are both v3.8.3', () => {
    expect(APP_VERSION).toBe('v3.8.3');
    expect(SDK_VERSION).toBe('v3.8.3');
  });
});
