// Session h14-single's own table (singleTurnTable14.ts); see singleTurnSuite.ts for what a row asserts.
import { describeSingleTurnTable } from './singleTurnSuite';
import { SINGLE_TURN_TABLE_14 } from './singleTurnTable14';

describeSingleTurnTable('single-turn requests nobody tuned on (session h14-single table)', SINGLE_TURN_TABLE_14, 90);
