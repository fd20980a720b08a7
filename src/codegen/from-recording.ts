/**
 * A recording (the Operator's accessibility events with their screens) as
 * test steps: the app is closed and opened, each click becomes a locator
 * built by `suggestMatcher` on the screen it was recorded on, a click on a
 * field followed by its text changes becomes `enterText`, a click after a
 * scroll becomes `scrollAndClick`, a back press `device.back()`, and every
 * new window (and the screen the session ended on) becomes an
 * `expect(device).toShowNode(...)` postcondition on a node that appeared.
 */
import type { NodeMatcher } from '../contract/matcher.js';
import type { ClickEvent, Recording, RecordingEvent } from '../contract/recording/schema.js';
import { parseHierarchyXml } from '../contract/selector/hierarchy-xml.js';
import { findMatches } from '../contract/selector/match.js';
import type { UiHierarchy, UiNode } from '../contract/selector/node.js';
import { suggestMatcher } from '../contract/selector/suggest-matcher.js';
import { buildTreeIndex } from '../contract/selector/tree-index.js';
import type { RecordedStep } from './test-source.js';

export interface RecordingSteps {
  steps: RecordedStep[];
  /** What could not become a stable step (also left as comments in the steps). */
  warnings: string[];
  /** The app the test opens. */
  applicationId: string | undefined;
}

export interface FromRecordingOptions {
  /** The hierarchy XML of the screen the session ended on: its new nodes become the last postcondition. */
  finalSnapshot?: string;
}

function parseSnapshot(xml: string | null | undefined): UiHierarchy | undefined {
  if (!xml) return undefined;
  try {
    return parseHierarchyXml(xml);
  } catch {
    return undefined;
  }
}

function* preorder(nodes: readonly UiNode[]): Generator<UiNode> {
  for (const node of nodes) {
    yield node;
    yield* preorder(node.children);
  }
}

/** The node a click event names, found in its own snapshot by bounds and identity fields. */
function clickedNode(screen: UiHierarchy, event: ClickEvent): UiNode | undefined {
  const { left, top, right, bottom } = event.bounds;
  for (const node of preorder(screen.roots)) {
    const b = node.bounds;
    if (!b || b.left !== left || b.top !== top || b.right !== right || b.bottom !== bottom) continue;
    if ((node.resourceId || null) !== event.resourceId) continue;
    if ((node.text || null) !== event.text || (node.contentDesc || null) !== event.contentDesc) continue;
    return node;
  }
  return undefined;
}

/** A matcher for the node that does not depend on its text (a field about to be typed into). */
function fieldMatcher(screen: UiHierarchy, node: UiNode): NodeMatcher | undefined {
  const text = node.text;
  node.text = undefined;
  try {
    return suggestMatcher(screen, node);
  } finally {
    node.text = text;
  }
}

/** A matcher for the node, or for a labelled descendant whose click lands on it (a row of text). */
function clickMatcher(screen: UiHierarchy, node: UiNode): NodeMatcher | undefined {
  const own = suggestMatcher(screen, node);
  if (own) return own;
  const stack: UiNode[] = [...node.children].reverse();
  for (let child = stack.pop(); child; child = stack.pop()) {
    if (child.clickable) continue; // its own click target, not this node's
    const matcher = suggestMatcher(screen, child);
    if (matcher) return matcher;
    stack.push(...[...child.children].reverse());
  }
  return undefined;
}

/**
 * A node of `after` that `before` did not show, with an unscoped matcher that
 * is unique on `after`: evidence that the new screen is there.
 */
function landmark(after: UiHierarchy, before: UiHierarchy | undefined): NodeMatcher | undefined {
  const previous = before && buildTreeIndex(before);
  // A window's root and the framework's own views (`android:id/...`) say nothing about the screen.
  for (const node of preorder(after.roots.flatMap((root) => root.children))) {
    if (node.resourceId?.startsWith('android:')) continue;
    const matcher = suggestMatcher(after, node);
    if (!matcher || matcher.ancestor || matcher.descendant) continue;
    if (previous && findMatches(previous, matcher, 'on_screen').length > 0) continue;
    return matcher;
  }
  return undefined;
}

function centre(event: ClickEvent): { x: number; y: number } {
  const b = event.bounds;
  return { x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) };
}

export function stepsFromRecording(recording: Recording, options: FromRecordingOptions = {}): RecordingSteps {
  const steps: RecordedStep[] = [];
  const warnings: string[] = [];
  const warn = (text: string) => {
    warnings.push(text);
    steps.push({ kind: 'comment', text });
  };
  const events = recording.events;
  const firstApp = events.find(
    (e): e is Extract<RecordingEvent, { packageName: string }> => 'packageName' in e,
  )?.packageName;
  if (firstApp)
    steps.push({ kind: 'closeApp', applicationId: firstApp }, { kind: 'openApp', applicationId: firstApp });
  let screen: UiHierarchy | undefined;
  let foreground = firstApp;
  let scrolled: NodeMatcher | undefined;
  let acted = false;
  const expectNew = (after: UiHierarchy | undefined) => {
    const matcher = after && landmark(after, screen);
    if (matcher) steps.push({ kind: 'expectShown', matcher });
    if (after) screen = after;
  };
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    switch (event.type) {
      case 'window_change': {
        const after = parseSnapshot(event.snapshot);
        if (event.packageName !== foreground && !acted) {
          steps.push({ kind: 'openApp', applicationId: event.packageName });
        }
        foreground = event.packageName;
        acted = false;
        scrolled = undefined;
        expectNew(after);
        break;
      }
      case 'click': {
        acted = true;
        // The click's own screen; an Operator that captured it after the app reacted may have missed the
        // node, and then the screen before it is where it was tapped.
        const own = parseSnapshot(event.snapshot);
        const clicked = [own, screen].find((s) => s && clickedNode(s, event)) ?? own;
        const node = clicked && clickedNode(clicked, event);
        // Text typed into the clicked field right after: one enterText with the final text.
        let typed: string | undefined;
        while (events[i + 1]?.type === 'text_change') {
          const change = events[i + 1] as Extract<RecordingEvent, { type: 'text_change' }>;
          if (change.resourceId !== event.resourceId) break;
          typed = change.text;
          i++;
        }
        const matcher =
          clicked &&
          node &&
          (typed === undefined ? clickMatcher(clicked, node) : fieldMatcher(clicked, node));
        if (!matcher) {
          warn(`seq ${event.seq}: no unique matcher for the clicked node; replayed as a coordinate tap`);
          steps.push({ kind: 'tap', ...centre(event) });
        } else if (typed !== undefined) {
          steps.push({ kind: 'enterText', matcher, text: typed });
        } else if (scrolled) {
          steps.push({ kind: 'scrollUntil', matcher, container: scrolled, click: true });
        } else {
          steps.push({ kind: 'click', matcher });
        }
        scrolled = undefined;
        if (clicked) screen = clicked;
        break;
      }
      case 'text_change': {
        acted = true;
        const after = parseSnapshot(event.snapshot);
        const node =
          after &&
          [...preorder(after.roots)].find((n) => event.resourceId && n.resourceId === event.resourceId);
        const matcher = after && node && fieldMatcher(after, node);
        if (matcher) steps.push({ kind: 'enterText', matcher, text: event.text });
        else warn(`seq ${event.seq}: text change on a field without a unique matcher was not replayed`);
        if (after) screen = after;
        break;
      }
      case 'scroll':
        scrolled = event.resourceId ? { resourceId: event.resourceId } : scrolled;
        break;
      case 'press_key':
        acted = true;
        steps.push({ kind: 'press', key: 'back' });
        break;
    }
  }
  expectNew(parseSnapshot(options.finalSnapshot));
  return { steps, warnings, applicationId: firstApp };
}
