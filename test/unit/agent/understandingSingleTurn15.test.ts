// Session h15-single's own table (singleTurnTable15.ts); see singleTurnSuite.ts for what a row asserts.
import { describeSingleTurnTable } from './singleTurnSuite';
import { SINGLE_TURN_TABLE_15 } from './singleTurnTable15';

describeSingleTurnTable('single-turn requests nobody tuned on (session h15-single table)', SINGLE_TURN_TABLE_15, 80);
