import { defaultHandlers, type Handle, type State, type Unsafe } from 'mdast-util-to-markdown';

/**
 * mdast-util-to-markdown's own root handler, with its own escaping (`state.safe`, for
 * texts, link destinations and titles, image alts) given only the unsafe patterns whose
 * character occurs in the value or around it. A pattern is a regular expression around
 * its one character (compile-pattern.js), so the others cannot match: the output is the
 * same. Twins of 10,000 records spent 3.9 s of a 6.1 s serialization in `safe`, most of
 * it testing every one of about 90 patterns (33 of them for autolinks alone) on every
 * text; once texts were spared, link destinations took a sixth of the rest.
 */
export const root: Handle = (node, parent, state, info) => {
  const safe = state.safe;
  state.safe = (value, config) => {
    const all = state.unsafe;
    state.unsafe = patternsIn(`${config.before ?? ''}${value ?? ''}${config.after ?? ''}`, all);
    try {
      return safe.call(state, value, config);
    } finally {
      state.unsafe = all;
    }
  };
  try {
    return defaultHandlers.root(node, parent, state, info);
  } finally {
    state.safe = safe;
  }
};

function patternsIn(value: string, all: State['unsafe']): Unsafe[] {
  return all.filter((pattern) => value.includes(pattern.character));
}
