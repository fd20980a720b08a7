/**
 * Short builders for view specs, so a screen reads like its layout:
 * `column([text('Title'), button('Save', (ctx) => ...)])`.
 */
import type { Handler, ViewSpec } from './types.js';

type Props<S> = Omit<ViewSpec<S>, 'kind' | 'children'>;

export function column<S>(children: ViewSpec<S>[], props: Props<S> = {}): ViewSpec<S> {
  return { kind: 'column', ...props, children };
}

export function row<S>(children: ViewSpec<S>[], props: Props<S> = {}): ViewSpec<S> {
  return { kind: 'row', ...props, children };
}

export function frame<S>(children: ViewSpec<S>[], props: Props<S> = {}): ViewSpec<S> {
  return { kind: 'frame', ...props, children };
}

/** A vertical scroll container; give it an `id` so its offset survives re-renders that reshape the tree. */
export function scroll<S>(id: string, children: ViewSpec<S>[], props: Props<S> = {}): ViewSpec<S> {
  return { kind: 'scroll', id, ...props, children };
}

export function text<S>(value: string, props: Props<S> = {}): ViewSpec<S> {
  return { kind: 'text', text: value, ...props };
}

export function button<S>(label: string, onClick: Handler<S> | undefined, props: Props<S> = {}): ViewSpec<S> {
  return { kind: 'button', text: label, onClick, ...props };
}

export function input<S>(id: string, props: Props<S> = {}): ViewSpec<S> {
  return { kind: 'input', id, ...props };
}

function checkable<S>(kind: 'switch' | 'checkbox') {
  return (id: string, checked: boolean, onClick: Handler<S>, props: Props<S> = {}): ViewSpec<S> => ({
    kind,
    id,
    checked,
    onClick,
    ...props,
  });
}

/** A `Switch`; the app flips its own state in `onClick`. */
export function toggle<S>(id: string, checked: boolean, onClick: Handler<S>, props?: Props<S>): ViewSpec<S> {
  return checkable<S>('switch')(id, checked, onClick, props);
}

export function checkbox<S>(
  id: string,
  checked: boolean,
  onClick: Handler<S>,
  props?: Props<S>,
): ViewSpec<S> {
  return checkable<S>('checkbox')(id, checked, onClick, props);
}

export function image<S>(desc: string, props: Props<S> = {}): ViewSpec<S> {
  return { kind: 'image', desc, ...props };
}

export function progress<S>(value: number, max: number, props: Props<S> = {}): ViewSpec<S> {
  return { kind: 'progress', progress: value, max, ...props };
}

export function spacer<S>(height?: number): ViewSpec<S> {
  return height === undefined ? { kind: 'spacer', fill: true } : { kind: 'spacer', height };
}
