import { remoteRsbuildConfig } from '../shared/build/rsbuild-remote';
import federation from './module-federation.config';
import { settingsText } from './src/text';

export default remoteRsbuildConfig(federation, {
  devPort: 3004,
  headings: { '/settings': { title: settingsText.title, subtitle: settingsText.subtitle } },
});
