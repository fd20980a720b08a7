/**
 * An in-memory device for the matcher tests: a mutable UI tree (parsed from
 * the settings fixture with the selector engine), serialized and parsed afresh
 * on every observation, plus notifications, media sessions and recorded actions.
 */

import type { NodeMatcher } from '../../src/contract/matcher.js';
import { parseHierarchyXml, toHierarchyXml } from '../../src/contract/selector/hierarchy-xml.js';
import type { UiHierarchy, UiNode } from '../../src/contract/selector/node.js';
import type {
  MatcherTarget,
  MediaSessionSummary,
  NodeActor,
  NotificationSummary,
  Observation,
} from '../../src/matchers/ports.js';
import { SETTINGS_XML } from '../evidence/fixtures.js';

export class FakeDevice implements MatcherTarget, NodeActor {
  hierarchy: UiHierarchy = parseHierarchyXml(SETTINGS_XML);
  foreground: string | null = 'com.example.settings';
  notificationList: NotificationSummary[] = [];
  sessions: MediaSessionSummary[] = [];
  observations = 0;
  /** When set, observe() fails with this error. */
  failWith: Error | undefined;
  readonly actions: string[] = [];

  async observe(): Promise<Observation> {
    const takenAtMs = Date.now();
    this.observations++;
    if (this.failWith) throw this.failWith;
    return {
      hierarchy: parseHierarchyXml(toHierarchyXml(this.hierarchy)),
      foregroundPackage: this.foreground,
      takenAtMs,
    };
  }

  async notifications() {
    return this.notificationList;
  }

  async mediaSessions() {
    return this.sessions;
  }

  async click(matcher: NodeMatcher) {
    this.actions.push(`click ${JSON.stringify(matcher)}`);
  }

  async enterText(matcher: NodeMatcher, text: string) {
    this.actions.push(`enterText ${JSON.stringify(matcher)} ${text}`);
  }

  async readText(matcher: NodeMatcher) {
    this.actions.push(`readText ${JSON.stringify(matcher)}`);
    return 'text';
  }

  /** The node at a preorder path such as `0.1.2`. */
  node(path: string): UiNode {
    const [root, ...rest] = path.split('.').map(Number);
    return rest.reduce((node, i) => node.children[i], this.hierarchy.roots[root]);
  }

  /** Changes the tree after `ms`, returning when the change happened. */
  later(ms: number, change: (device: FakeDevice) => void): Promise<number> {
    return new Promise((resolve) =>
      setTimeout(() => {
        change(this);
        resolve(Date.now());
      }, ms),
    );
  }
}
