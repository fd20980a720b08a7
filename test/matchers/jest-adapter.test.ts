/** The same matchers under Jest's own `expect` (the `expect` package Jest 30 uses). */
import { expect as jestExpect } from 'expect';
import { describe, expect, it } from 'vitest';
import { installJestMatchers } from '../../src/matchers/jest.js';
import { createLocator } from '../../src/matchers/locator.js';
import { FakeDevice } from './fake-device.js';
import { failureOf, QUICK } from './helpers.js';

installJestMatchers(jestExpect);

describe('Jest adapter', () => {
  it('waits, negates and explains failures under Jest expect', async () => {
    const device = new FakeDevice();
    device.later(80, (d) => {
      d.node('0.1.3').text = 'Done';
    });
    await jestExpect(device).toHaveText({ resourceId: 'com.example.settings:id/status' }, 'Done', {
      timeout: 1000,
      interval: 20,
    });
    await jestExpect(device).not.toShowNode({ textEquals: 'Nope' }, QUICK);
    await jestExpect(createLocator(device, { resourceId: 'com.example.settings:id/row' })).toHaveCount(2);
    const message = await failureOf(jestExpect(device).toShowNode({ textEquals: 'Dark Theme' }, QUICK));
    expect(message).toContain('Expected: a node matching {"textEquals":"Dark Theme"}');
    expect(message).toContain('same text, different case: "Dark theme"');
    const negated = await failureOf(jestExpect(device).not.toShowNode({ textEquals: 'Wi-Fi' }, QUICK));
    expect(negated).toContain('expect(device).not.toShowNode(...)');
  });
});
