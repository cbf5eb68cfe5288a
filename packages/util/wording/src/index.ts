export { grouped, namedList } from './named-list.js'
export { relativeInside, shownPath } from './shown-path.js'
