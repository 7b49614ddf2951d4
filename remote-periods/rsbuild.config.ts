import { remoteRsbuildConfig } from '../shared/build/rsbuild-remote';
import federation from './module-federation.config';
import { periodsText } from './src/text';

export default remoteRsbuildConfig(federation, {
  devPort: 3002,
  headings: {
    '/periods': { title: periodsText.title, subtitle: periodsText.subtitle },
    '/downloads': { title: periodsText.downloads.title, subtitle: periodsText.downloads.subtitle },
  },
});
