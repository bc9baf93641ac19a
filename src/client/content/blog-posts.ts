/** A code example, shown exactly as written. */
export interface CodeBlock {
  code: string;
}

/** A paragraph, in which `backticks` mark inline code, or a code example. */
export type AnswerBlock = string | CodeBlock;

export interface BlogPost {
  /** The post's anchor on the blog page. */
  slug: string;
  question: string;
  topic: string;
  author: string;
  /** ISO date. */
  published: string;
  answer: AnswerBlock[];
}

/** The code between the template's opening and closing line breaks. */
function code(text: string): CodeBlock {
  return { code: text.replace(/^\n/, '').trimEnd() };
}

const author = 'Maya Kowalski';

export const blogPosts: BlogPost[] = [
  {
    slug: 'state-management-in-react',
    question: 'What are the different ways to manage state in a React application?',
    topic: 'React',
    author,
    published: '2026-02-03',
    answer: [
      'State is any data that changes over time and changes what the screen shows. Before picking a tool, sort your state by kind, because each kind has a natural home: local UI state (whether a menu is open, the text in an input), shared client state (the signed-in user, a shopping cart), server state (a copy of data that really lives in a database behind an API) and URL state (the current page, a search filter, the selected tab).',
      'Local state belongs in the component that uses it, with `useState`, or with `useReducer` when there are many ways to change it and you want those transitions described in one place. When two sibling components need the same value, lift the state up to their nearest common parent and pass it down as props. Most state in a well-built app stays this close to where it is used.',
      'When components far apart in the tree need the same value, passing props through every layer in between becomes tedious. Context lets a provider offer a value to its whole subtree without that. Context is a way to deliver a value, not a store: every component that reads it re-renders whenever the value changes, so it suits values that change rarely, such as the theme, the language or the current user. For shared state that changes often, an external store such as Redux Toolkit or Zustand keeps the data outside React and lets each component subscribe to just the slice it selects, so only the components whose slice changed re-render.',
      'Server state has problems of its own: it arrives asynchronously, it can go stale, and several screens often need the same data. Libraries such as TanStack Query or SWR cache responses by key, send one request when several components ask for the same data, refetch in the background and track loading and error states for you, which removes a lot of hand-written `useEffect` code. Finally, anything a user should be able to bookmark, share or reach with the back button belongs in the URL, read and written through your router.',
      'A good rule of thumb: start with local state, lift it when a second component needs it, use context for values that rarely change, a store for busy shared client state, and a query library for everything that comes from a server.',
    ],
  },
  {
    slug: 'react-performance',
    question: 'How can I improve the performance of a React app?',
    topic: 'React',
    author,
    published: '2026-02-24',
    answer: [
      'Measure before you change anything. The Profiler in React Developer Tools shows which components rendered, how long each took and why it rendered. For loading speed, Lighthouse and the Performance panel in Chrome report the Core Web Vitals: Largest Contentful Paint for how fast the main content appears, Interaction to Next Paint for how quickly the page responds to input, and Cumulative Layout Shift for how much the layout jumps. Optimise what the measurements point at, not what you guess.',
      'Ship less JavaScript. Split the code by route with `React.lazy` and dynamic `import()`, so that a visitor downloads the code for the page they are on and not for the whole app. Look at what ends up in your bundle: one heavy date or chart library can outweigh all of your own code. Always test and deploy the production build; the development build is much slower on purpose.',
      'Avoid renders that do not need to happen. When a component’s state changes, React re-renders it and, by default, every component below it. Keep state as low in the tree as you can, so that a change re-renders only the part of the page that depends on it. `React.memo` lets a component skip a render when its props are shallowly equal to the previous ones; `useMemo` and `useCallback` keep objects and functions stable between renders so that memoised children really do skip, and avoid recomputing expensive values. The React Compiler can add this memoisation for you at build time. Memoising everything by hand is not free either: every comparison costs a little, so use it where the Profiler shows a real cost.',
      'Long lists deserve special care. Give every item a stable `key` taken from the data, such as an id, rather than its index, so that React can match items correctly when the list is reordered or filtered. If a list has thousands of rows, virtualise it with a library such as TanStack Virtual, which renders only the rows that are on screen.',
      'Keep interactions responsive. Wrap updates that are expensive but not urgent in `startTransition`, or render a slow part of the page from a value returned by `useDeferredValue`; React can then interrupt that work to handle the next keystroke, so an input stays responsive while a large list filters below it. And do not forget images: serve them at the size they are displayed, in a modern format such as WebP or AVIF, lazy-load those below the fold, and give them a width and height so that the page does not shift while they load.',
    ],
  },
  {
    slug: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work in JavaScript?',
    topic: 'JavaScript',
    author,
    published: '2026-03-17',
    answer: [
      'Every JavaScript object has a hidden link, called its prototype, to another object or to `null`. When you read a property, the engine first looks at the object itself. If the property is not there, it follows the link and looks at the prototype, then at the prototype’s prototype, and so on, until it finds the property or reaches `null`, in which case the result is `undefined`. This sequence of links is the prototype chain.',
      code(`
const tool = {
  describe() {
    return \`\${this.name}: \${this.stock} in stock\`;
  },
};

const drill = Object.create(tool);
drill.name = 'Cordless drill';
drill.stock = 40;

drill.describe(); // 'Cordless drill: 40 in stock'
Object.hasOwn(drill, 'describe'); // false: inherited
Object.getPrototypeOf(drill) === tool; // true
`),
      '`Object.create(tool)` makes a new object whose prototype is `tool`. `drill` has no `describe` method of its own, so the lookup finds the one on `tool`. Inside the method, `this` is the object the method was called on, `drill`, not the object where the method was found, which is why one shared method can work with the data of many objects.',
      'Reading goes up the chain, but writing normally does not: assigning to `drill.describe` creates a property on `drill` itself that shadows the inherited one, and `tool` is left unchanged (unless the prototype defines a setter for that property). To tell the two apart, `Object.hasOwn(obj, key)` checks only the object’s own properties, while the `in` operator checks the whole chain.',
      'Constructors and classes use the same mechanism. Every ordinary function has a `prototype` property, and `new F()` creates an object whose prototype is `F.prototype`. That is how every array gets `map` and `filter`: they live once on `Array.prototype`, not on each array. The `class` syntax is a clearer way to write this: methods go on `Class.prototype`, and `extends` links the child’s prototype object to the parent’s.',
      code(`
class Tool {
  constructor(name) {
    this.name = name;
  }
  label() {
    return this.name.toUpperCase();
  }
}

class PowerTool extends Tool {
  constructor(name, watts) {
    super(name);
    this.watts = watts;
  }
}

const grinder = new PowerTool('Angle grinder', 900);
grinder.label(); // 'ANGLE GRINDER'
// grinder → PowerTool.prototype → Tool.prototype
//         → Object.prototype → null
`),
      'Because methods are stored once on the prototype and shared, thousands of objects cost no more memory for their methods than one. The flip side is that a change to a prototype is seen by every object that inherits from it, which is why adding methods to built-in prototypes such as `Array.prototype` is a bad idea: it changes the behaviour of code you did not write.',
    ],
  },
  {
    slug: 'do-not-set-state-directly',
    question: 'Why should state in React not be set directly?',
    topic: 'React',
    author,
    published: '2026-04-07',
    answer: [
      'React re-renders a component when you tell it that the state has changed, and the only way to tell it is the setter: `setState` in a class component, or the function returned by `useState`. Assigning `this.state.count = 5`, or changing an object or array that is held in state, updates the value in memory but schedules no render, so the screen keeps showing the old data until something else happens to re-render the component.',
      'Calling the setter after mutating does not fix it. React compares the new state with the current one using `Object.is`, and if you pass back the same object or array you just changed, it is the same reference, so React may skip the render altogether. The same comparison drives `React.memo`, `useMemo` and the dependency arrays of `useEffect`: a mutated object looks unchanged to all of them, so memoised children and effects do not see the change either.',
      'Mutation also breaks the snapshot model. The state you read during a render is meant to be a fixed value for that render; event handlers and effects created in that render rely on it not changing under them. Development tools depend on this as well: Strict Mode calls updater functions twice to expose impure code, so an updater that pushes into the previous array adds the item twice.',
      'Instead, give React a new value every time: copy, then change the copy.',
      code(`
// Wrong: changes the array React already holds
items.push(newItem);
setItems(items); // same reference, the render may be skipped

// Right: a new array each time
setItems([...items, newItem]);
setItems(items.filter((item) => item.id !== id));
setItems(
  items.map((item) =>
    item.id === id ? { ...item, done: true } : item,
  ),
);

// When the next value depends on the previous one
setCount((count) => count + 1);
`),
      'Use the updater form, `setCount((count) => count + 1)`, whenever the next value is computed from the previous one. State updates are queued and applied on the next render, so calling `setCount(count + 1)` three times in one click handler adds one, because all three calls read the same `count` from the current render; the updater form adds three. For deeply nested data, where copying by hand gets verbose, Immer lets you write code that looks like mutation and turns it into a new, updated copy.',
    ],
  },
  {
    slug: 'unit-tests',
    question: 'What is a unit test, and why should I write them?',
    topic: 'Testing',
    author,
    published: '2026-05-05',
    answer: [
      'A unit test checks one small piece of code, such as a function, a hook or a single component, on its own: it calls the code with known input and checks the result against what you expect. Unit tests run in milliseconds, so you can run the whole suite every time you save a file and again on every pull request in continuous integration.',
      code(`
// order-total.js
export function orderTotal(unitPrice, quantity, minimum) {
  if (quantity < minimum) {
    throw new RangeError(\`Order at least \${minimum} pieces\`);
  }
  return unitPrice * quantity;
}

// order-total.test.js
import { describe, expect, it } from 'vitest';
import { orderTotal } from './order-total.js';

describe('orderTotal', () => {
  it('multiplies the unit price by the quantity', () => {
    expect(orderTotal(250, 40, 10)).toBe(10000);
  });

  it('refuses fewer pieces than the minimum', () => {
    expect(() => orderTotal(250, 5, 10)).toThrow(RangeError);
  });
});
`),
      'Why bother? Tests catch regressions: when a change breaks something that used to work, a test fails within seconds instead of a customer finding it weeks later, and a bug found early is much cheaper to fix. A good suite also lets you refactor with confidence, because you can restructure code freely as long as the tests stay green. Tests are documentation that cannot go out of date, since they show exactly how the code is meant to be called and what it returns. And code that is easy to test tends to be better designed: small functions with clear inputs and outputs and few hidden dependencies.',
      'Good unit tests check behaviour, not implementation details, so that they fail when the result is wrong and not merely because the code was reorganised. For components, Testing Library encourages this by finding elements by their role and text, as a user would. Each test should have one clear reason to fail and should be deterministic: no real network calls, no dependence on the current date or on the order in which tests run. The arrange, act, assert structure (set up the input, run the code, check the result) keeps tests easy to read.',
      'Unit tests are not the whole story. They cannot prove that the pieces work together, so combine them with integration tests and a few end-to-end tests that drive the real app in a browser. Treat code coverage as a guide to untested areas rather than a target: a suite can cover every line and still check nothing useful.',
    ],
  },
  {
    slug: 'find-in-array-of-objects',
    question: 'How do I find an item in an array of objects in JavaScript?',
    topic: 'JavaScript',
    author,
    published: '2026-06-02',
    answer: [
      'It depends on what you need back: the first matching item, its position, every match, or just a yes or no. JavaScript arrays have a method for each, and all of them take a callback that receives an item and returns whether it matches.',
      code(`
const tools = [
  { id: 1, name: 'Angle grinder', stock: 40 },
  { id: 2, name: 'Impact driver', stock: 0 },
  { id: 3, name: 'Bench vise', stock: 12 },
];

tools.find((tool) => tool.id === 2);
// { id: 2, name: 'Impact driver', stock: 0 }
tools.findIndex((tool) => tool.id === 2); // 1
tools.filter((tool) => tool.stock > 0);
// [Angle grinder, Bench vise]
tools.some((tool) => tool.stock === 0); // true
tools.findLast((tool) => tool.stock > 0);
// { id: 3, name: 'Bench vise', stock: 12 }
`),
      '`find` returns the first item for which the callback returns a truthy value, or `undefined` if there is none, so check the result before you use it. `findIndex` returns the position of that item, or `-1`. Both stop at the first match; `findLast` and `findLastIndex` do the same, searching from the end. `filter` always walks the whole array and returns a new array of every match, which may be empty. `some` and `every` answer whether at least one item, or all of them, match.',
      "`includes` and `indexOf` do not take a callback: they compare items with the value you pass, which works for strings and numbers but not for objects, because two different objects are never equal even when their contents are. `tools.includes({ id: 1, name: 'Angle grinder', stock: 40 })` is `false`. Note too that `find` returns the object itself, not a copy: changing the result changes the item in the array, which matters when that array is React state.",
      'All of these methods look at the items one by one, so a search takes longer as the array grows. That is fine for a few hundred items, but if you look items up by the same key again and again, build a `Map` once, `const toolsById = new Map(tools.map((tool) => [tool.id, tool]))`, and then `toolsById.get(2)` finds the item directly, without scanning the array.',
    ],
  },
];
