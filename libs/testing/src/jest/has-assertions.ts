// Every test of every tier asserts something (issue 35): a test that ends without one fails, so a
// test that returns early or skips its work cannot pass silently.
beforeEach(() => {
  expect.hasAssertions();
});
