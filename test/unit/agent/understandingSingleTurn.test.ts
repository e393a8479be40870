// Session h11-single's own table of single-turn requests (singleTurnTable.ts); see singleTurnSuite.ts for what a row asserts.
import { describeSingleTurnTable } from './singleTurnSuite';
import { SINGLE_TURN_TABLE } from './singleTurnTable';

describeSingleTurnTable('single-turn requests nobody tuned on (session h11-single table)', SINGLE_TURN_TABLE);
