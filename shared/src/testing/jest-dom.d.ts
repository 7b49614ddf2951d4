// The matchers of @testing-library/jest-dom (setup-dom.ts installs them) for the type checker
// of every front-end package (their tsconfig includes this file).
import '@testing-library/jest-dom';
