// Session h16-single's own table (singleTurnTable16.ts); see singleTurnSuite.ts for what a row asserts.
import { describeLeftOpen, describeSingleTurnTable } from './singleTurnSuite';
import { LEFT_OPEN_16_SINGLE, SINGLE_TURN_TABLE_16 } from './singleTurnTable16';

describeSingleTurnTable('single-turn requests nobody tuned on (session h16-single table)', SINGLE_TURN_TABLE_16, 40);
describeLeftOpen('rows of the h16-single table left open (still planned wrong)', LEFT_OPEN_16_SINGLE);
