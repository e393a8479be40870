// Session h13-single's own table (singleTurnTable13.ts); see singleTurnSuite.ts for what a row asserts.
import { describeSingleTurnTable } from './singleTurnSuite';
import { SINGLE_TURN_TABLE_13 } from './singleTurnTable13';

describeSingleTurnTable('single-turn requests nobody tuned on (session h13-single table)', SINGLE_TURN_TABLE_13, 100);
