// Building DOM without HTML strings: user data only ever goes through textContent and attributes.

/**
 * `h('li', {className: 'x', 'aria-label': 'y'}, child, 'text')`: an element with properties (names
 * with a dash are set as attributes) and children (strings become text nodes).
 */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name.includes('-')) node.setAttribute(name, value);
    else node[name] = value;
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/**
 * `children` less the empty ones (null, undefined, false), a space between each two: parts that a
 * flex or grid layout draws apart keep apart in their text too (an accessible name from content,
 * a copy), where the boxes alone would run their words together.
 */
export function spaced(...children) {
  return children.flat().filter((child) => child !== null && child !== undefined && child !== false)
    .flatMap((child, i) => (i === 0 ? [child] : [' ', child]));
}
