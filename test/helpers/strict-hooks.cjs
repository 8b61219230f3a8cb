// uvu 0.5.6 counts a suite whose `before` hook throws as passed with none of its tests run, and exits 0
// (its runner returns from a `finally`): a gateway or nginx that fails to start would pass the suite.
// Preloaded by `npm test`: such an error fails every test of its suite instead. An `after` hook that
// then throws (cleaning up what `before` never made) would stop the whole run: its error is dropped.
const uvu = require('uvu');

const { suite } = uvu;
uvu.suite = (...args) => {
  const test = suite(...args);
  const { before } = test;
  let failure;
  const strictBefore = (hook) =>
    before(async (state) => {
      try {
        await hook(state);
      } catch (error) {
        failure ??= error;
      }
    });
  strictBefore.each = before.each;
  test.before = strictBefore;
  const { after } = test;
  const strictAfter = (hook) =>
    after(async (state) => {
      try {
        await hook(state);
      } catch (error) {
        if (!failure) throw error;
      }
    });
  strictAfter.each = after.each;
  test.after = strictAfter;
  before.each(() => {
    if (failure) throw failure;
  });
  return test;
};
