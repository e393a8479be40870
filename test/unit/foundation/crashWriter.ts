// Child process for the crash test: saves ever-changing studies until it is killed.
import { saveStudy } from '../../../src/core/study/persistence';
import { stateNumbered } from './persistFixtures';

const [workspace, base] = [process.argv[2], Number(process.argv[3])];
(async () => {
  for (let n = base; ; n++) {
    await saveStudy(workspace, stateNumbered(n));
    process.stdout.write(`${n}\n`);
  }
})();
