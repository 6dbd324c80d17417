import { afterAll, afterEach, expect } from 'vitest';
import { takePolicyViolations } from './browser';

// Every browser test fails on a content security policy violation in any of its pages (decision 017); one that
// arrives after its test has ended fails the file.
const noViolations = () => {
  expect(takePolicyViolations(), 'content security policy violations').toEqual([]);
};
afterEach(noViolations);
afterAll(noViolations);
