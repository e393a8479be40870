// Session h12-single's own table (singleTurnTable12.ts); see singleTurnSuite.ts for what a row asserts.
import { describeSingleTurnTable } from './singleTurnSuite';
import { SINGLE_TURN_TABLE_12 } from './singleTurnTable12';

describeSingleTurnTable('single-turn requests nobody tuned on (session h12-single table)', SINGLE_TURN_TABLE_12, 100);
