package org.gcs.cc.contract;

import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.ormcc.OrmccControl;

/** ORMCC (seed 002) against the controller contract. */
class OrmccContractTest extends ControllerContract {
    @Override
    CongestionControl control() {
        return new OrmccControl(SETTINGS);
    }
}
