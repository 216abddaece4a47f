import {describe, expect, it} from 'vitest';
import {looksLikeSecret} from './secrets';

describe('a search query that looks like a secret', () => {
  it.each([
    'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    'my key is sk-proj-abcdefghijklmnop1234',
    'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
    'AKIAIOSFODNN7EXAMPLE',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc',
    'token 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    'vc_8fK2mQ9xL4pR7tW1zN6bY3',
  ])('is not kept: %s', (query) => {
    expect(looksLikeSecret(query)).toBe(true);
  });

  it.each(['volume', 'create a snapshot of a volume', 'nvidia-smi', 'H100 PCIe 80GB', 'kubernetes-node-autoscaling', '/v1/core/virtual-machines', 'ubuntu-22.04-cuda-12.4'])(
    'is kept when it reads as a question: %s',
    (query) => {
      expect(looksLikeSecret(query)).toBe(false);
    },
  );
});
