// Trap recovery for the package's entry points (copied into pkg/ as load/recover.js, and as
// cjs/load/recover.js in CommonJS form, by scripts/build-pkg.mjs).
//
// A wasm trap (a Rust panic becomes `unreachable`, a stack overflow a `RangeError`) leaves the
// instance in an unknown state. The wrapped API turns the trap into an `Error` named
// `InternalError` (its `cause` is the trap) and switches to a fresh instance, so the next call
// works; that fresh instance is made only then (never ahead of time), synchronously, from the module
// already compiled. Errors the bindings throw on purpose (JsonError, SchemaError, TypeError, …) pass through.
// A non-string where the glue copies a string into wasm (which would trap) is a TypeError thrown
// before the call.
import { laidOut } from './columns.js';
import { apiNames, startGlueSync } from './glue.js';

/** Whether `error` is a trap of the wasm instance rather than an error the bindings throw. */
function isTrap(error) {
  return error instanceof WebAssembly.RuntimeError || error instanceof RangeError;
}

/** The error a trap becomes: named `InternalError`, the trap as its `cause`. */
export function internalError(what, trap) {
  const error = new Error(`internal error in ${what}, please report it: ${trap?.message ?? trap}`, {
    cause: trap,
  });
  error.name = 'InternalError';
  return error;
}

/** Classes whose objects hold state that their constructor arguments cannot make again (a
 * `Session` holds the messages pushed so far): after a restart, their objects throw an
 * `InternalError` instead of coming back empty. */
const STATEFUL = new Set(['Session']);

/** Whether an export is a class (wasm-bindgen emits `class X { … }`). */
function isClass(value) {
  return typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));
}

/**
 * The API of `host.glue` (an initialized wasm-bindgen glue module), every function and class
 * wrapped: a trap throws an `InternalError` and calls `host.restart()`, which must replace
 * `host.glue` with a freshly initialized glue. Objects made before a restart are made again from
 * their constructor arguments the next time they are used (those of `STATEFUL` classes throw). `strings` lists, per export
 * (`format`, `Validator` for its constructor, `Validator.isValid`), the indexes of the arguments
 * that must be strings: any other value throws a `TypeError` without entering wasm, unless
 * `toText(label, index, value)` turns it into one (values.js: JSON values where JSON text goes;
 * it returns undefined where only text is taken).
 * @param {Record<string, number[]>} [strings]
 * @param {(label: string, index: number, value: unknown) => string | undefined} [toText]
 */
export function recoverable(host, strings = {}, toText = () => undefined) {
  let generation = 0;

  /** A function that throws a TypeError unless the arguments `strings[label]` are strings (or
   * `toText` makes them strings, in `args`). */
  function stringCheck(label) {
    const indexes = strings[label] ?? [];
    return (args) => {
      for (const i of indexes) {
        const value = args[i];
        if (typeof value !== 'string') {
          const text = toText(label, i, value);
          if (text !== undefined) {
            args[i] = text;
            continue;
          }
          const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
          throw new TypeError(`${label}: argument ${i + 1} must be a string (JSON text), got ${got}`);
        }
      }
    };
  }

  /** The error to throw for `error`, thrown by `what`: a trap restarts the instance and becomes
   * an InternalError; any other error is itself. */
  function recover(what, error) {
    if (!isTrap(error)) return error;
    generation += 1;
    try {
      host.restart();
    } catch (restartError) {
      return internalError(what, new AggregateError([error, restartError], 'the restart failed too'));
    }
    return internalError(what, error);
  }

  /** Runs `call`; a trap restarts the instance and becomes an InternalError. */
  function guard(what, call) {
    try {
      return call();
    } catch (error) {
      throw recover(what, error);
    }
  }

  /** A class whose objects live in the current instance, made again after a restart. */
  function wrapClass(name, Glue) {
    const state = new WeakMap();
    /** The object of state `s` in the current instance (re-made from its arguments after a
     * restart). */
    const inner = (s) => {
      if (s.generation !== generation && !s.freed && STATEFUL.has(name)) {
        throw internalError(name, new Error(`the instance restarted after a trap: this ${name}'s state is lost; make a new one`));
      }
      if (s.generation !== generation && !s.freed) {
        s.inner = new host.glue[name](...s.args);
        s.generation = generation;
      }
      return s.inner;
    };
    const checkConstructor = stringCheck(name);
    const Wrapped = {
      [name]: class {
        constructor(...args) {
          checkConstructor(args);
          const made = guard(`new ${name}`, () => new host.glue[name](...args));
          state.set(this, { args, inner: made, generation, freed: false });
        }
      },
    }[name];
    for (const key of Reflect.ownKeys(Glue.prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(Glue.prototype, key);
      if (key === 'constructor' || key === '__destroy_into_raw' || typeof descriptor.value !== 'function') continue;
      const label = `${name}.${String(key)}`;
      const frees = key === 'free' || key === Symbol.dispose;
      const check = stringCheck(label);
      Wrapped.prototype[key] = function (...args) {
        check(args);
        const s = state.get(this);
        if (frees) {
          if (s.freed) return undefined;
          s.freed = true;
          // An object of a dead instance goes with it.
          return s.generation === generation ? s.inner[key](...args) : undefined;
        }
        // No closure per call (this is the hot path of `isValid`): `guard` inlined.
        try {
          return inner(s)[key](...args);
        } catch (error) {
          throw recover(label, error);
        }
      };
    }
    return Wrapped;
  }

  const api = {};
  for (const name of apiNames(host.glue)) {
    const value = host.glue[name];
    if (isClass(value)) api[name] = wrapClass(name, value);
    else if (typeof value === 'function') {
      const check = stringCheck(name);
      api[name] = (...args) => {
        check(args);
        return laidOut(name, guard(name, () => host.glue[name](...args)), args);
      };
    }
    else api[name] = value;
  }
  return api;
}

/**
 * The `host` of `recoverable` whose glue `startGlue()` gives, a glue with an instance of its own
 * each call: `glue` is the first one (by default the first call's), and `restart()` makes a fresh
 * one only when a trap happens.
 */
export function restartableHost(startGlue, glue = startGlue()) {
  const host = {
    glue,
    restart() {
      host.glue = startGlue();
    },
  };
  return host;
}

/**
 * The `host` of `recoverable` for the compiled wasm `module` and `createGlue`, which returns a
 * fresh copy of a wasm-bindgen glue's exports with state of its own (`<glue>_factory.js`, written
 * by scripts/build-pkg.mjs). `glue` is the first instance, initialized (by default made here).
 * A restart makes a fresh instance synchronously from the module already compiled; nothing is
 * loaded ahead of time or fetched.
 */
export function instanceHost(createGlue, module, glue) {
  return restartableHost(() => startGlueSync(createGlue(), module), glue);
}
