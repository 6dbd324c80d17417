/** Test support for the statistics screens (imported by *.test.tsx only): the shared mock API and this feature's fixtures. */

export { answerWith, bodiesTo, fetchMock, renderScreen, type Answer } from '../../../testing/mock-api';
