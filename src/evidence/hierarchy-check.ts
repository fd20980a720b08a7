/**
 * A bundle's `hierarchy.xml` is usable when the selector engine parses it
 * (well-formed UI Automator XML, no DTD or entities, a `<hierarchy>` root).
 */
import { parseHierarchyXml } from '../contract/selector/hierarchy-xml.js';

export function checkHierarchyXml(xml: string): void {
  parseHierarchyXml(xml);
}
